// Request and response schemas of the assistant feature, added by its issue.
export {};
