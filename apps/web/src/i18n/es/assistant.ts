// Texts of the assistant feature (SPEC 2, 8), added by its issue.
export const assistant = {} as const;
