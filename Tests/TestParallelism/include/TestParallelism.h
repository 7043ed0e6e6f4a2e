#ifndef TEST_PARALLELISM_H
#define TEST_PARALLELISM_H

/// The most test cases this test binary let Swift Testing run at once, set when the binary was loaded
/// (before Swift Testing read its configuration): twice the cores online. 0 when the environment already
/// named a width in `SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH`, which is then left as it is.
int test_parallelism_width_set_at_load(void);

#endif
