/*
 * What other modules call of the ingest: a delivery's ticket, which the deliveries report sets
 * by hand with the same statement the device's tickets are stored with (sales-repo.ts).
 */
export { setTicket } from './sales-repo';
