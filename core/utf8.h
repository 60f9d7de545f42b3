// Bots write arbitrary bytes (stderr above all), and replays are JSON. One policy everywhere: every
// byte that is not part of a valid UTF-8 sequence (including a sequence cut by a size bound)
// becomes U+FFFD, as the replay writer (core/replay.cc) does for what reaches it unchecked.
#pragma once

#include <string>
#include <string_view>

namespace arena {

std::string valid_utf8(std::string_view bytes);

}  // namespace arena
