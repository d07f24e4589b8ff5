# Runs dicer-bench --voxels atlas,bits,sparse --scaling on two small volumes with every output (Markdown, CSV,
# JSON, the plot) and checks that they parse and hold the voxelized-scaling table: per volume, every output's read
# floor, voxelize, clear, and hp_compute (atlas) / hp_bits (bits) / hp_sparse (sparse) build, list, build + list
# and frame, every one ok (each list checked against the CPU reference of the read-back output, the bits' and the
# sparse occupancy's sets equal to the atlas').
# Usage: cmake -DBENCH=<dicer-bench> -DOUT=<scratch dir> -P bench_voxel_scaling_outputs.cmake
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/output_checks.cmake")
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
run_bench_with_outputs(--voxels atlas,bits,sparse --scaling --sides 16,32 --reps 1)

# --- JSON ------------------------------------------------------------------------------------------------------
check_bench_json(n seen KEY table input method stage JOIN " " NUMBERS over_read)
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
check_bench_csv(${n})
file(READ "${OUT}/bench.md" md)
foreach(want "### Voxelized volumes: atlas, bits, sparse" "| 32³ | bits | hp_bits |" "| 32³ | atlas | hp_compute |"
        "| 32³ | sparse | hp_sparse |")
    string(FIND "${md}" "${want}" at)
    if(at LESS 0)
        message(FATAL_ERROR "the Markdown lacks '${want}'")
    endif()
endforeach()
expect_png("${OUT}/scaling.png")
message(STATUS "dicer-bench --voxels atlas,bits,sparse --scaling outputs parse: ${n} measurements")
