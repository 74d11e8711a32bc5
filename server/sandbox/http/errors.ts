// The sandbox's error answers: the shared writer (server/shared/error-answers.ts) with the
// catalogue's texts in the request's language.
import { summarizeDetails } from '../../../src/contract/index.ts';
import { createErrorWriter } from '../../shared/error-answers.ts';
import type { SandboxEnv } from './env.ts';
import { errorMessage } from './messages.ts';

export const sandboxErrors = createErrorWriter<SandboxEnv>({
  text: (c, code, details) => {
    const language = c.get('language');
    const text = errorMessage(language, code);
    if (details.length === 0) return text;
    // English reads like the contract's example ("check_out must be after check_in");
    // other languages get the localized sentence and the fields concerned.
    return language === 'en'
      ? summarizeDetails(details)
      : `${text} (${details.map((d) => d.field).join(', ')})`;
  },
});

export const { errorResponse, problemOf } = sandboxErrors;
