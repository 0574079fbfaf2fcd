/**
 * One fixture per `self` route of the table: it creates a resource as user A, acts on it as
 * user B, expects 403 or 404, and checks that A's data is unchanged. The suite fails when a
 * self route has no fixture here.
 */
export const ownershipFixtures: Record<string, () => Promise<void>> = {};
