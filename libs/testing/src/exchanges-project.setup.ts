// Runs in each test file of the `binance-us` and `standbys` projects (jest.config.js), after the test
// framework is installed: the standby simulators a file started end with it.
import { stopStandbySims } from './test-exchanges';

afterAll(async () => {
  await stopStandbySims();
});
