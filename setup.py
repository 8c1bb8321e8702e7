"""Builds the Python package rtb (python/rtb/ and its extension rtb._rtb)
with the project's CMake build, for `pip install --no-build-isolation .`.

The extension is the CMake target rtb_python, built for the interpreter pip
runs; the package's Python files, type stubs and py.typed come from
python/rtb/. Environment:

  RTB_BUILD_DIR  a CMake build folder to use (default: build-pip/cmake; an
                 existing build is reused, so only what changed compiles)
  RTB_JOBS       parallel compile jobs (default: the machine's cores)
"""
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import setuptools
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
# Everything setuptools writes stays in build-pip/ (ignored by git), out of
# the CMake build folders and the source tree.
PIP_BUILD = ROOT / "build-pip"


def project_version():
    text = (ROOT / "CMakeLists.txt").read_text()
    return re.search(r"project\(rtb\s+VERSION\s+([0-9.]+)", text).group(1)


def cached_python(build):
    """The Python3_EXECUTABLE a configured build folder was made for, or None."""
    cache = build / "CMakeCache.txt"
    if not cache.exists():
        return None
    match = re.search(r"^Python3_EXECUTABLE:[A-Z]+=(.*)$", cache.read_text(), re.M)
    return match.group(1) if match else None


def has_bdist_wheel():
    """Whether setuptools can write a wheel here: its own bdist_wheel
    (setuptools 70.1 and later) or the package wheel's."""
    for module in ("setuptools.command.bdist_wheel", "wheel.bdist_wheel"):
        try:
            if importlib.util.find_spec(module) is not None:
                return True
        except ImportError:  # the parent package is missing
            pass
    return False


# pip asks for a wheel's metadata (dist_info) and then the wheel; with
# --no-build-isolation it installs nothing first, so a plain venv, whose
# setuptools predates its own bdist_wheel and which has no package wheel,
# stopped with "invalid command 'bdist_wheel'" and no word of what to do.
if {"dist_info", "bdist_wheel", "editable_wheel"} & set(sys.argv[1:]) and not has_bdist_wheel():
    sys.exit(f"setup.py: building rtb's wheel needs the Python package 'wheel' (setuptools "
             f"{setuptools.__version__} has no bdist_wheel of its own), and --no-build-isolation uses only "
             f"what {sys.executable} has: install it first with `{sys.executable} -m pip install wheel`, or "
             f"make the venv with --system-site-packages where Debian's python3-wheel is installed")


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = Path(os.environ.get("RTB_BUILD_DIR") or PIP_BUILD / "cmake").resolve()
        python = cached_python(build)
        # A folder configured for this interpreter (or the one a venv was
        # made from) is only built; a new one is configured for it.
        if python is None or os.path.realpath(python) != os.path.realpath(sys.executable):
            configure = ["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                         "-DRTB_PYTHON=ON", "-DRTB_BENCHMARKS=OFF", f"-DPython3_EXECUTABLE={sys.executable}"]
            if shutil.which("ccache"):
                configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
            subprocess.run(configure, check=True)
        jobs = os.environ.get("RTB_JOBS") or str(os.cpu_count() or 1)
        subprocess.run(["cmake", "--build", str(build), "--target", "rtb_python", "-j", jobs], check=True)
        built = build / "python" / "rtb" / ("_rtb" + sysconfig.get_config_var("EXT_SUFFIX"))
        if not built.exists():
            sys.exit(f"setup.py: {built} was not built: is {build} configured for another Python than "
                     f"{sys.executable}?")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, target)


PIP_BUILD.mkdir(exist_ok=True)
setup(
    version=project_version(),
    packages=["rtb"],
    package_dir={"rtb": "python/rtb"},
    package_data={"rtb": ["__init__.pyi", "py.typed"]},
    ext_modules=[Extension("rtb._rtb", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": str(PIP_BUILD / "setuptools")},
             "egg_info": {"egg_base": str(PIP_BUILD)}},
    zip_safe=False,
)
