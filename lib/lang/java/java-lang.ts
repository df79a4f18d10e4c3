/** The public types of java.lang (OpenJDK 17, annotations aside), which every Java file sees by their simple names. */
export const JAVA_LANG: ReadonlySet<string> = new Set((
  'AbstractMethodError Appendable ArithmeticException ArrayIndexOutOfBoundsException ArrayStoreException ' +
  'AssertionError AutoCloseable Boolean BootstrapMethodError Byte CharSequence Character Class ClassCastException ' +
  'ClassCircularityError ClassFormatError ClassLoader ClassNotFoundException ClassValue CloneNotSupportedException ' +
  'Cloneable Comparable Compiler Double Enum EnumConstantNotPresentException Error Exception ' +
  'ExceptionInInitializerError Float IllegalAccessError IllegalAccessException IllegalArgumentException ' +
  'IllegalCallerException IllegalMonitorStateException IllegalStateException IllegalThreadStateException ' +
  'IncompatibleClassChangeError IndexOutOfBoundsException InheritableThreadLocal InstantiationError ' +
  'InstantiationException Integer InternalError InterruptedException Iterable LayerInstantiationException ' +
  'LinkageError Long Math Module ModuleLayer NegativeArraySizeException NoClassDefFoundError NoSuchFieldError ' +
  'NoSuchFieldException NoSuchMethodError NoSuchMethodException NullPointerException Number NumberFormatException ' +
  'Object OutOfMemoryError Package Process ProcessBuilder ProcessHandle Readable Record ' +
  'ReflectiveOperationException Runnable Runtime RuntimeException RuntimePermission SecurityException ' +
  'SecurityManager Short StackOverflowError StackTraceElement StackWalker StrictMath String StringBuffer ' +
  'StringBuilder StringIndexOutOfBoundsException System Thread ThreadDeath ThreadGroup ThreadLocal Throwable ' +
  'TypeNotPresentException UnknownError UnsatisfiedLinkError UnsupportedClassVersionError ' +
  'UnsupportedOperationException VerifyError VirtualMachineError Void ' +
  '').split(' ').filter(Boolean));
