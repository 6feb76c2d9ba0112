/**
 * The ticket form, fetched when a ticket is first opened. The page fetches this module first,
 * then the form's own chunk: the list of files the form's chunk needs (Vite's preload list,
 * over 1 KB gzip of file names) comes with this module rather than with the page, which most
 * visits only read (DESIGN.md §8 route budget).
 */
export const loadTicketModal = () => import('./ticket-modal').then((m) => m.TicketModal);
