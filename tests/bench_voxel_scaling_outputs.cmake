# Runs dicer-bench --voxels atlas,bits,sparse --scaling on two small volumes with every output (Markdown, CSV,
# JSON, the plot) and checks that they parse and hold the voxelized-scaling table: per volume, every output's read
# floor, voxelize, clear, and hp_compute (atlas) / hp_bits (bits) / hp_sparse (sparse) build, list, build + list
# and frame, every one ok (each list checked against the CPU reference of the read-back output, the bits' and the
# sparse occupancy's sets equal to the atlas'), each with its ns per voxel, ns per point and the memory its output
# holds; and 4096^3, which only the sparse occupancy holds (HP_SPARSE_MAX_ATLAS 262144; its 8.8 M points span two
# of the point buffer's storage blocks on llvmpipe, storage_blocks.h): its rows run and are exact, the atlas (past
# GL_MAX_TEXTURE_SIZE) and the bits (past HP_BITS_MAX_ATLAS) are one "skipped" row each naming the limit, the run
# still exit 0.
# Usage: cmake -DBENCH=<dicer-bench> -DOUT=<scratch dir> -P bench_voxel_scaling_outputs.cmake
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/output_checks.cmake")
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
run_bench_with_outputs(--voxels atlas,bits,sparse --scaling --preset 16,32,4096 --reps 1)

# --- JSON ------------------------------------------------------------------------------------------------------
check_bench_json(n seen KEY table input method stage JOIN " " NUMBERS over_read ns_per_voxel ns_per_point
                 memory_bytes)
file(READ "${OUT}/bench.json" json)
# Every row has its time per voxel and per point (the teapot has points at 16^3) and the memory held (> 0), the
# same for every row of one volume and output (the output's, not the stage's).
math(EXPR last "${n} - 1")
foreach(i RANGE ${last})
    foreach(field ns_per_voxel ns_per_point memory_bytes active_cells)
        string(JSON ${field} GET "${json}" measurements ${i} ${field})
        if(NOT ${field} GREATER 0)
            list(GET seen ${i} key)
            message(FATAL_ERROR "measurement ${i} (${key}): ${field} ${${field}}, expected > 0")
        endif()
    endforeach()
    string(JSON method GET "${json}" measurements ${i} method)
    string(JSON input GET "${json}" measurements ${i} input)
    string(REGEX MATCH "sparse|bits" output "${method}")
    string(MAKE_C_IDENTIFIER "memory ${input} ${output}" key) # memory_16___bits: a valid variable name
    if(DEFINED ${key} AND NOT "${${key}}" STREQUAL "${memory_bytes}")
        message(FATAL_ERROR "${input} ${method}: memory_bytes ${memory_bytes}, other rows of the output ${${key}}")
    endif()
    set(${key} "${memory_bytes}")
endforeach()
# The dense outputs' memory is known exactly: 16^3 in a 64^2 atlas, 4 bytes a texel; its bits, 1 bit a texel.
foreach(want "16³ |16384" "16³ bits|512")
    string(REPLACE "|" ";" want "${want}")
    list(GET want 0 name)
    list(GET want 1 bytes)
    string(MAKE_C_IDENTIFIER "memory ${name}" key)
    if(NOT "${${key}}" STREQUAL "${bytes}")
        message(FATAL_ERROR "memory held by ${name}: '${${key}}', expected ${bytes}")
    endif()
endforeach()
# 4096^3: one skipped entry per dense output, each naming the limit that refused it.
string(JSON skippedCount LENGTH "${json}" skipped)
set(skippedSeen "")
math(EXPR last "${skippedCount} - 1")
foreach(i RANGE ${last})
    foreach(field table input method reason)
        string(JSON ${field} GET "${json}" skipped ${i} ${field})
    endforeach()
    expect_match("${reason}" "GL_MAX_TEXTURE_SIZE [0-9]+|65536 a side|GL_MAX_SHADER_STORAGE_BLOCK_SIZE" "skipped ${input} ${method}: no limit named")
    list(APPEND skippedSeen "${table} ${input} ${method}")
endforeach()
if(NOT skippedSeen STREQUAL "voxel-scaling 4096³ atlas;voxel-scaling 4096³ bits")
    message(FATAL_ERROR "skipped: '${skippedSeen}', expected 4096³ atlas, bits")
endif()
expect_measurements("${seen}" "voxel-scaling 4096³ hp_sparse build" "voxel-scaling 4096³ hp_sparse list"
                    "voxel-scaling 4096³ hp_sparse frame")
set(otherTables "${seen}")
list(FILTER otherTables EXCLUDE REGEX "^voxel-scaling ")
if(otherTables)
    message(FATAL_ERROR "only voxel-scaling measurements expected, also: ${otherTables}")
endif()
foreach(volume 16³ 32³)
    set(wanted "")
    foreach(want "atlas read floor" "bits read floor" "compute → atlas voxelize" "compute → atlas clear"
            "compute → bits voxelize" "compute → bits clear" "hp_compute build" "hp_compute list"
            "hp_compute build + list" "hp_compute frame" "hp_bits build" "hp_bits list" "hp_bits build + list"
            "hp_bits frame" "sparse read floor" "compute → sparse voxelize" "compute → sparse clear"
            "hp_sparse build" "hp_sparse list" "hp_sparse build + list" "hp_sparse frame")
        list(APPEND wanted "voxel-scaling ${volume} ${want}")
    endforeach()
    expect_measurements("${seen}" ${wanted})
endforeach()

# --- CSV, Markdown and PNG -------------------------------------------------------------------------------------
check_bench_csv(${n} HEADER ",gb_per_s,ns_per_voxel,ns_per_point,memory_bytes,check,ok,renderer$")
file(STRINGS "${OUT}/bench.csv" skippedRows ENCODING UTF-8 REGEX "^voxel-scaling,[a-z_]+,skipped,\"4096³\",")
list(LENGTH skippedRows skippedRowCount)
if(NOT skippedRowCount EQUAL 2)
    message(FATAL_ERROR "the CSV has ${skippedRowCount} skipped 4096³ rows, expected 2: ${skippedRows}")
endif()
file(READ "${OUT}/bench.md" md)
foreach(want "### Voxelized volumes: atlas, bits, sparse" "| 32³ | bits | hp_bits |" "| 32³ | atlas | hp_compute |"
        "| 32³ | sparse | hp_sparse |" "frame ns / point | memory held |" "| ns / point | × read floor | GB/s | memory held |"
        "| 4096³ | atlas | atlas | skipped |" "| 4096³ | bits | bits | skipped |" "| 4096³ | sparse | hp_sparse | ")
    string(FIND "${md}" "${want}" at)
    if(at LESS 0)
        message(FATAL_ERROR "the Markdown lacks '${want}'")
    endif()
endforeach()
string(FIND "${md}" "| 4096³ | sparse | hp_sparse | skipped" at)
if(NOT at LESS 0)
    message(FATAL_ERROR "the Markdown skips 4096³'s sparse row")
endif()
expect_png("${OUT}/scaling.png")
message(STATUS "dicer-bench --voxels atlas,bits,sparse --scaling outputs parse: ${n} measurements")
