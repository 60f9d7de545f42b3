// The SQLite store (one file) and its numbered migrations.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "tournament/store.h"

namespace arena::tournament {

// Migration i (0-based) takes the schema from version i to i+1.
const std::vector<std::string>& sqlite_migrations();

std::unique_ptr<Store> open_sqlite_store(const std::string& path);

}  // namespace arena::tournament
