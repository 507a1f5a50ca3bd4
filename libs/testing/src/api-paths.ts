/** The paths of the interface's three operations (HTTP GET and WebSocket alike). */
export const PRICE = '/api/v1/prices/current';
export const KLINES = '/api/v1/prices/klines';
export const CURRENT_KLINE = '/api/v1/prices/klines/current';
