// Texts of the reports feature (SPEC 2, 8), added by its issue.
export const reports = {} as const;
