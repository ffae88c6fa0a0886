import { personNameProblem } from '../../contract/fields';
import type { Me } from '../../contract/auth';
import type { UpdateNameBody } from '../../contract/users';
import { createWriteMachine, type WriteProblems } from '../write/write.machine';

/** Each name field's problem (`required`, `tooLong`, `invalid`), or null when both may be sent. */
export function nameProblems(body: UpdateNameBody): WriteProblems | null {
  const problems = Object.entries(body).flatMap(([field, value]) => {
    const problem = personNameProblem(value);
    return problem ? [[field, problem] as const] : [];
  });
  return problems.length ? Object.fromEntries(problems) : null;
}

export const updateNameMachine = createWriteMachine<UpdateNameBody, Me>({
  id: 'updateName',
  description:
    'The name on /profile/details: each field checked on the page, then POST /users/update-name. Refused with `name_locked` once the identity check is under review or approved; a refusal keeps what was typed.',
  editable: true,
  check: nameProblems,
});
