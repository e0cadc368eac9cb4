// Forum calls (posts, comments, upvotes, reports, help tickets, suggestions, uploads, stats).
export {};
