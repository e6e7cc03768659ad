// SQL tables of the wallet area (re-exported by ./schema.ts so drizzle-kit and the client see them).
export {};
