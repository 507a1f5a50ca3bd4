// Runs before each test file of the `binance-us` project (jest.config.js): Binance.US is the primary.
import { TEST_EXCHANGES } from './test-exchanges';

process.env[TEST_EXCHANGES] = 'binance-us';
