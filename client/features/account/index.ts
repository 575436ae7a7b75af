// Only code without zod belongs here: the header imports this file on every page.
export { accountQuery, accountKeys, useAccount } from './api';
export { AccountEntry, useAccountMenuItem } from './AccountEntry';
export { SignInButton } from './SignInButton';
