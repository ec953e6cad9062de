// Texts of the printing feature (SPEC 2, 8), added by its issue.
export const printing = {} as const;
