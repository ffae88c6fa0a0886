import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';
import { requestIdOf } from './simulate';

/** Identity checks (contract/endpoints/kyc.ts): the customer's draft and files, and the admins' review. */
export function kycRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services): void {
  const { kyc } = services;

  mount(app, deps, endpoints.getKyc, ({ principal }) => kyc.application(principal.userId));

  mount(app, deps, endpoints.saveKycDocument, ({ principal, body }) => kyc.saveDocument(principal.userId, body));

  mount(app, deps, endpoints.uploadKycDocument, ({ c, principal, file }) => kyc.upload(principal.userId, c.req.param('side')!, file!));

  mount(app, deps, endpoints.downloadKycFile, async ({ c, principal }) => {
    const isAdmin = (await deps.roleOf(principal.userId)) === 'admin';
    return kyc.file(principal.userId, isAdmin, c.req.param('id')!, requestIdOf(c));
  });

  mount(app, deps, endpoints.saveKycQuestionnaire, ({ principal, body }) => kyc.saveQuestionnaire(principal.userId, body.answers));

  mount(app, deps, endpoints.getKycQuestionnaireDraft, ({ principal }) => kyc.questionnaireDraft(principal.userId));

  mount(app, deps, endpoints.saveKycQuestionnaireDraft, ({ principal, body }) =>
    kyc.saveQuestionnaireDraft(principal.userId, body.answers),
  );

  mount(app, deps, endpoints.signKyc, ({ principal, body }) => kyc.sign(principal.userId, body));

  mount(app, deps, endpoints.submitKyc, ({ principal }) => kyc.submit(principal.userId));

  mount(app, deps, endpoints.listKycReviews, async ({ c, principal }) => ({
    applications: await kyc.queue(principal.userId, requestIdOf(c)),
  }));

  mount(app, deps, endpoints.decideKyc, ({ c, principal, body }) =>
    kyc.decide(principal.userId, c.req.param('userId')!, body, requestIdOf(c)),
  );
}
