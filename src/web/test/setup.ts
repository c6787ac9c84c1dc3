import { configure } from '@testing-library/react';

// Pages load lazily; on a busy shared machine the first import can take more than the default 1 s.
configure({ asyncUtilTimeout: 5_000 });
