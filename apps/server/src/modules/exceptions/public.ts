/**
 * What the exceptions area offers other modules: the console overview's count of open exceptions
 * (modules/console-overview).
 */
export { countExceptions } from './repository.ts';
