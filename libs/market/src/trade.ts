/** One exchange trade, with its decimals as the exchange wrote them. */
export interface Trade {
  readonly id: number;
  readonly price: string;
  readonly quantity: string;
  /** Exchange trade time, epoch milliseconds. */
  readonly time: number;
}
