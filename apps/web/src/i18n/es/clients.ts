// Texts of the clients feature (SPEC 2, 8), added by its issue.
export const clients = {} as const;
