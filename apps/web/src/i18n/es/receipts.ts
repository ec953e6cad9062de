// Texts of the receipts feature (SPEC 2, 8), added by its issue.
export const receipts = {} as const;
