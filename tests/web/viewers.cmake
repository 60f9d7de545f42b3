# The replay viewers' pure parts (server/web/games/{dracula,evolution,empire,dungeon}.js) under node,
# against replays the built `arena` writes at test time. Skipped when node is not installed.
find_program(ARENA_NODE_EXECUTABLE node)
if(ARENA_NODE_EXECUTABLE)
  add_test(NAME web_viewers
           COMMAND ${ARENA_NODE_EXECUTABLE} --test ${CMAKE_CURRENT_LIST_DIR}/viewers_test.mjs)
  set_tests_properties(web_viewers PROPERTIES
                       ENVIRONMENT "ARENA_BIN=${CMAKE_BINARY_DIR}/bin/arena;ARENA_SOURCE_DIR=${PROJECT_SOURCE_DIR}"
                       TIMEOUT 60)
else()
  message(STATUS "node not found: the web_viewers test is not registered")
endif()
