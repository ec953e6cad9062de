// Request and response schemas of the reports feature, added by its issue.
export {};
