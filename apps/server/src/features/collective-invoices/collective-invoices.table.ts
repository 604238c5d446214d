/** ★ A booking covered by a collective invoice (an `invoice` of kind `collective`), with the amounts invoiced. */
export type CollectiveInvoiceBookingTable = {
  id_invoice: number;
  id_booking: number;
  /** the travel price invoiced (without insurance), cents */
  travel_cents: number;
  /** the commission deducted, cents */
  commission_cents: number;
};
