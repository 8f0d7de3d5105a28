// Issue 19: the slots contracts (being written).
export {};
