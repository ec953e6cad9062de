/** The current instant in epoch milliseconds. Services read time only through one, so the demo
 * data and the tests can set it. */
export type Clock = () => number;
