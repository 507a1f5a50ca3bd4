// Runs before each test file of the `standbys` project (jest.config.js): Binance is the primary and
// every ingestor follows Binance.US and Kraken simulators as its standbys.
import { TEST_EXCHANGES } from './test-exchanges';

process.env[TEST_EXCHANGES] = 'binance:binance-us,kraken';
