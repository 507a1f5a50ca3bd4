import { IsString, Matches } from 'class-validator';
import { InvalidEnvironmentError, loadEnvironment } from './load-environment';

class Settings {
  @IsString()
  @Matches(/^whsec_[a-z0-9]+$/, {
    message: 'WEBHOOK_SECRET must look like whsec_ followed by letters and digits',
  })
  WEBHOOK_SECRET = 'whsec_default';

  @Matches(/^https?:\/\//, { message: 'PUBLIC_URL must be an http(s) URL' })
  PUBLIC_URL = 'http://127.0.0.1';
}

function problemsOf(source: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadEnvironment(Settings, source);
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadEnvironment', () => {
  it('should name a bad credential setting and its rule without printing its value', () => {
    const [problem] = problemsOf({ WEBHOOK_SECRET: 'whsec_Leaked-Value' });
    expect(problem).toBe(
      'WEBHOOK_SECRET=<hidden, 18 characters> (WEBHOOK_SECRET must look like whsec_ followed by letters and digits)',
    );
  });

  it('should print the value of a bad setting that is not a credential', () => {
    expect(problemsOf({ PUBLIC_URL: 'ftp://x' })).toEqual([
      'PUBLIC_URL="ftp://x" (PUBLIC_URL must be an http(s) URL)',
    ]);
  });
});
