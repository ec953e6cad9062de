// Request and response schemas of the printing feature, added by its issue.
export {};
