// Issue 19: the locations contracts (being written).
export {};
