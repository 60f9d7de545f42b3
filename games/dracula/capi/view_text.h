// The past-plays string a C API view was made from. The reference AIs (ReferenceHunter.cc,
// ReferenceDracula.cc) decide from the string, as the wire protocol gives it to them, while a
// course AI only holds its view; so Arena's views keep a copy.
//
// C++ functions (mangled names), so they add no C symbol a submission could collide with (§5.1).
// They live in the views' own objects: calling the reference AIs requires Arena's views, and a
// program that brings its own HunterView.c or DraculaView.c cannot link them (a duplicate HvNew
// or DvNew), which is a link error rather than a wrong move.
#pragma once

#include <string>

#include "DraculaView.h"
#include "HunterView.h"

namespace arena::dracula::capi {

const std::string& past_plays_of(HunterView hv);  // "" for NULL
const std::string& past_plays_of(DraculaView dv);

}  // namespace arena::dracula::capi
