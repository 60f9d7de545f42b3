// Tests that need the sandbox skip, saying why, on a machine that cannot confine a program (no
// bubblewrap, user namespaces disabled): one fixture base for the unit tests, the end-to-end tests
// and the hostile-bot suite. `NeedsSandbox<>` for TEST_F, `NeedsSandbox<TestWithParam<T>>` for
// TEST_P.
#pragma once

#include <gtest/gtest.h>

#include "core/sandbox.h"

namespace arena::testing {

template <class Base = ::testing::Test>
class NeedsSandbox : public Base {
 protected:
  void SetUp() override {
    if (auto why = sandbox_unavailable()) GTEST_SKIP() << "no sandbox here: " << *why;
  }
};

}  // namespace arena::testing
