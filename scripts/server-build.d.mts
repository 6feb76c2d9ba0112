export declare const SERVER_ENTRY: string;
export declare function serverBuildNeeded(): boolean;
export declare function ensureServerBuilt(): void;
