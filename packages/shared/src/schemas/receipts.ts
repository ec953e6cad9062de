// Request and response schemas of the receipts feature, added by its issue.
export {};
