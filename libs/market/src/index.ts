export * from './decimal';
export * from './intervals';
export * from './kline';
export * from './market-json';
export * from './price';
export * from './symbols';
export * from './time';
export * from './trade';
