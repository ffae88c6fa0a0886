/** The campaign tags the app reports once per visit (no zod here: the app's first load needs them). */
export const UTM_TAGS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
