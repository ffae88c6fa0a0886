import type { Passkey } from '../../contract';
import { PASSKEY_NAME_MAX_LENGTH, requiredTextProblem } from '../../contract/fields';
import { createWriteMachine, type WriteProblems } from '../write/write.machine';

export interface PasskeyRename {
  id: string;
  name: string;
}

/** The new name's problem (`required`, `tooLong`, `invalid`), or null when it may be sent. */
export function passkeyNameProblems({ name }: PasskeyRename): WriteProblems | null {
  const problem = requiredTextProblem(name, PASSKEY_NAME_MAX_LENGTH);
  return problem ? { name: problem } : null;
}

export const renamePasskeyMachine = createWriteMachine<PasskeyRename, Passkey>({
  id: 'renamePasskey',
  description:
    'Renaming one passkey on /profile/security: the name checked on the page, then PATCH /passkeys/:id; the list shows the new name. A refusal keeps what was typed.',
  editable: true,
  check: passkeyNameProblems,
});
