// Request and response schemas of the products feature, added by its issue.
export {};
