// Types of database-suites.mjs for its test.
export declare function readsTestDatabase(file: string, memo?: Map<string, boolean>): boolean;
export declare function databaseSuites(patterns?: string[]): string[];
