// Texts of the products feature (SPEC 2, 8), added by its issue.
export const products = {} as const;
