/** ElectroDB's service name, stamped on every item so the table's entities never collide. */
export const SERVICE = 'leafline';
