// Admins and visitors may get different answers at the same address: shared caches must keep them apart, and
// must not keep an admin's answer at all.
export const publicReadHeaders = { 'cache-control': 'no-cache', vary: 'Cookie' };
export const adminReadHeaders = { 'cache-control': 'private, no-cache', vary: 'Cookie' };
