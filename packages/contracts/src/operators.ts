// Issue 19: the operators contracts (being written).
export {};
