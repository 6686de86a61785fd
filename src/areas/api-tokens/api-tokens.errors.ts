// The error codes of this area (docs/error-codes.md is generated from the lists), with the
// HTTP status each answers with. AppError takes only listed codes.
import { errorCodes } from '../../platform/errors.js';

export const ApiTokensErrors = errorCodes({
  tokenCannotMakeTokens: [
    403,
    'api_tokens.token_cannot_make_tokens',
    'A request signed in with an API token cannot make API tokens: the user signs in (a session) to make one, so a token never makes a stronger or longer-lived one.',
  ],
});
