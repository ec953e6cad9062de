// Request and response schemas of the clients feature, added by its issue.
export {};
