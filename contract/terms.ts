/**
 * The version of the account terms and privacy notice in force: dated, so a newer one sorts after an
 * older one. A customer who accepted an older version accepts this one before their next money action
 * (the `terms-accepted` rule, contract/customerRules.ts). Its own module, free of zod: the route table
 * and the terms pages read it.
 */
export const TERMS_VERSION = '2026-01';

/** Whether `accepted` (a version a customer accepted) is the one in force, or a later one. */
export const isCurrentTerms = (accepted: string): boolean => accepted >= TERMS_VERSION;
