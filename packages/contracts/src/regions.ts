// Issue 19: the regions contracts (being written).
export {};
