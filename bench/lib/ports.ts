/**
 * The first of four consecutive loopback ports for a bench's servers, at random below Linux's
 * ephemeral range (32768-60999), where an outgoing connection's local port could take one first.
 * The tests take 20000-29999 (test/setup/global-postgres.ts).
 */
export const benchPorts = (): number => 30000 + 4 * Math.floor(Math.random() * 675);
