/**
 * Names Ruby's core gives every object and class: Kernel's methods (callable bare anywhere), Object's and
 * BasicObject's instance methods, Module's and Class's methods (callable bare in a class body and on any class), and
 * the core classes and modules. A call through one of them that no project class defines goes outside the project.
 */

const KERNEL = [
  'puts', 'print', 'p', 'pp', 'printf', 'putc', 'sprintf', 'format', 'gets', 'warn', 'raise', 'fail', 'require', 'require_relative', 'load',
  'autoload', 'autoload?', 'loop', 'lambda', 'proc', 'block_given?', 'catch', 'throw', 'exit', 'exit!', 'abort', 'at_exit', 'sleep', 'rand', 'srand',
  'Integer', 'Float', 'String', 'Array', 'Hash', 'Rational', 'Complex', 'binding', 'caller', 'caller_locations', 'eval', 'system', 'spawn', 'exec',
  'fork', 'open', 'select', 'trap', 'gsub', 'sub', 'chomp', 'chop', 'readline', 'readlines', 'set_trace_func', 'trace_var', 'untrace_var',
  'global_variables', 'local_variables', '__method__', '__dir__', '__callee__', 'test', 'syscall', 'iterator?', 'pp', 'then', 'yield_self',
];

const OBJECT = [
  'class', 'singleton_class', 'frozen?', 'freeze', 'dup', 'clone', 'itself', 'tap', 'then', 'inspect', 'to_s', 'hash', 'object_id', 'send',
  'public_send', '__send__', 'respond_to?', 'respond_to_missing?', 'method', 'public_method', 'singleton_method', 'methods', 'public_methods',
  'private_methods', 'protected_methods', 'singleton_methods', 'instance_variable_get', 'instance_variable_set', 'instance_variable_defined?',
  'instance_variables', 'remove_instance_variable', 'instance_of?', 'kind_of?', 'is_a?', 'nil?', 'eql?', 'equal?', '==', '!=', '===', '=~', '!~',
  '!', '<=>', 'extend', 'display', 'define_singleton_method', 'enum_for', 'to_enum', 'instance_eval', 'instance_exec', 'method_missing',
  'initialize', 'initialize_copy', 'initialize_dup', 'initialize_clone', '__id__', 'equal?', 'to_json', 'present?', 'blank?', 'presence', 'try',
];

const MODULE = [
  'include', 'extend', 'prepend', 'included', 'extended', 'prepended', 'inherited', 'attr_reader', 'attr_writer', 'attr_accessor', 'attr',
  'private', 'public', 'protected', 'module_function', 'private_class_method', 'public_class_method', 'private_constant', 'public_constant',
  'define_method', 'alias_method', 'remove_method', 'undef_method', 'method_defined?', 'instance_method', 'public_instance_method',
  'instance_methods', 'public_instance_methods', 'private_instance_methods', 'const_get', 'const_set', 'const_defined?', 'constants',
  'const_missing', 'class_eval', 'module_eval', 'class_exec', 'module_exec', 'class_variable_get', 'class_variable_set', 'class_variables',
  'ancestors', 'included_modules', 'include?', 'name', 'to_s', 'new', 'allocate', 'superclass', 'instance_variable_get', 'freeze',
  'module_function', 'refine', 'using', 'method_added', 'singleton_method_added', 'attr_internal',
];

/** Ruby's core classes and modules (their constants are outside the project unless it defines them). */
export const CORE_CONSTANTS = new Set([
  'Object', 'BasicObject', 'Module', 'Class', 'Kernel', 'Comparable', 'Enumerable', 'Enumerator', 'String', 'Symbol', 'Integer', 'Float',
  'Numeric', 'Rational', 'Complex', 'Array', 'Hash', 'Range', 'Regexp', 'MatchData', 'Proc', 'Method', 'UnboundMethod', 'NilClass',
  'TrueClass', 'FalseClass', 'Struct', 'Data', 'Time', 'IO', 'File', 'Dir', 'Exception', 'StandardError', 'RuntimeError', 'ArgumentError',
  'TypeError', 'NameError', 'NoMethodError', 'KeyError', 'IndexError', 'StopIteration', 'NotImplementedError', 'IOError', 'EOFError',
  'ZeroDivisionError', 'FrozenError', 'RangeError', 'SystemExit', 'Interrupt', 'SignalException', 'ScriptError', 'LoadError', 'Errno',
  'Math', 'Process', 'GC', 'ObjectSpace', 'Marshal', 'Signal', 'Thread', 'Mutex', 'Queue', 'ConditionVariable', 'Fiber', 'Encoding',
  'Random', 'ENV', 'ARGV', 'STDOUT', 'STDERR', 'STDIN', 'RUBY_VERSION', 'RUBY_PLATFORM', 'Set', 'JSON', 'YAML', 'Logger', 'StringIO',
  'Pathname', 'FileUtils', 'Tempfile', 'URI', 'Net', 'OpenStruct', 'Date', 'DateTime', 'BigDecimal', 'Forwardable', 'Singleton',
  'SecureRandom', 'Digest', 'Base64', 'ERB', 'Benchmark', 'Timeout', 'Shellwords', 'OptionParser', 'Open3', 'Socket', 'Warning',
]);

/** The DSLs test files and Rakefiles are written in (RSpec, Minitest, Rake): bare calls outside any class. */
const DSL = [
  'describe', 'context', 'it', 'specify', 'example', 'let', 'let!', 'subject', 'before', 'after', 'around', 'expect', 'is_expected', 'allow',
  'receive', 'double', 'instance_double', 'class_double', 'spy', 'shared_examples', 'shared_examples_for', 'shared_context', 'include_examples',
  'it_behaves_like', 'include_context', 'eq', 'eql', 'be', 'be_a', 'be_an', 'be_nil', 'be_truthy', 'be_falsey', 'raise_error', 'match', 'include',
  'contain_exactly', 'match_array', 'have_attributes', 'change', 'satisfy', 'output', 'pending', 'skip', 'xit', 'fit', 'assert', 'assert_equal',
  'assert_nil', 'assert_raises', 'assert_includes', 'assert_match', 'refute', 'refute_equal', 'refute_nil', 'setup', 'teardown', 'task', 'desc',
  'namespace', 'file', 'directory', 'rule', 'multitask', 'sh', 'ruby', 'source', 'gem', 'gemspec', 'group', 'platforms',
];
const DSL_SET = new Set(DSL);
const KERNEL_SET = new Set(KERNEL);
const OBJECT_SET = new Set([...KERNEL, ...OBJECT]);
const MODULE_SET = new Set([...KERNEL, ...OBJECT, ...MODULE]);

/** A bare name Kernel answers anywhere (`puts`, `raise`, `require`). */
export function isKernelName(name: string): boolean { return KERNEL_SET.has(name); }
/** A method every object answers (Kernel's and Object's). */
export function isObjectMethod(name: string): boolean { return OBJECT_SET.has(name); }
/** A method every class and module answers (Module's and Class's, and every object's). */
export function isModuleMethod(name: string): boolean { return MODULE_SET.has(name); }
/** Methods of the core classes (String, Array, Hash, Integer, Enumerable, IO, …): too common for a name-only guess. */
const CORE_METHODS = new Set([
  'each', 'map', 'select', 'filter', 'reject', 'find', 'detect', 'collect', 'inject', 'reduce', 'each_with_index', 'each_with_object', 'sort',
  'sort_by', 'min', 'max', 'min_by', 'max_by', 'sum', 'count', 'size', 'length', 'empty?', 'any?', 'all?', 'none?', 'include?', 'member?', 'first',
  'last', 'push', 'pop', 'shift', 'unshift', 'concat', 'join', 'split', 'strip', 'lstrip', 'rstrip', 'chomp', 'chop', 'gsub', 'gsub!', 'sub', 'sub!',
  'to_s', 'to_str', 'to_i', 'to_f', 'to_a', 'to_h', 'to_sym', 'to_proc', 'keys', 'values', 'key?', 'has_key?', 'value?', 'fetch', 'dig', 'merge',
  'merge!', 'update', 'delete', 'delete_if', 'clear', 'slice', 'index', 'start_with?', 'end_with?', 'upcase', 'downcase', 'capitalize', 'tr',
  'scan', 'match', 'match?', 'format', 'call', 'flatten', 'compact', 'uniq', 'zip', 'reverse', 'group_by', 'partition', 'each_slice', 'each_char',
  'each_line', 'lines', 'chars', 'bytes', 'encoding', 'encode', 'force_encoding', 'unpack', 'pack', 'read', 'write', 'close', 'open', 'puts',
  'print', '<<', '[]', '[]=', '+', '-', '*', '/', '%', '**', '==', '<', '>', '<=', '>=', '<=>', '===', '=~', 'hash', 'inspect', 'dup', 'clone',
  'freeze', 'replace', 'insert', 'at', 'take', 'drop', 'flat_map', 'filter_map', 'tally', 'each_pair', 'transform_values', 'transform_keys',
  'min_max', 'step', 'times', 'upto', 'downto', 'abs', 'round', 'floor', 'ceil', 'succ', 'pred', 'chr', 'ord', 'to_r', 'to_c', 'zero?',
  'positive?', 'negative?', 'even?', 'odd?', 'nil?', 'between?', 'clamp', 'exist?', 'file?', 'directory?', 'basename', 'dirname', 'extname',
  'expand_path', 'rewind', 'eof?', 'getc', 'gets', 'readline', 'flush', 'sync', 'wait', 'signal', 'lock', 'unlock', 'synchronize',
  'new', 'allocate', 'call', 'yield', 'arity', 'parameters', 'curry', 'source_location', 'owner', 'receiver', 'bind', 'unbind',
  'add', 'remove', 'set', 'next', 'peek', 'rindex', 'center', 'ljust', 'rjust', 'squeeze', 'count', 'hex', 'oct',
  'succ!', 'swapcase', 'each_byte', 'byteslice', 'bytesize', 'unicode_normalize', 'casecmp', 'casecmp?', 'prepend', 'pos', 'seek', 'tell',
]);

/** A method of Ruby's core classes (`each`, `map`, `size`, `join`). */
export function isCoreMethod(name: string): boolean { return CORE_METHODS.has(name) || OBJECT_SET.has(name); }
/** A bare call of RSpec's, Minitest's or Rake's DSL (outside any class). */
export function isDslName(name: string): boolean { return DSL_SET.has(name); }
/** A free name of Ruby's runtime: a Kernel method or a core constant. */
export function isRubyGlobal(name: string): boolean { return KERNEL_SET.has(name) || CORE_CONSTANTS.has(name); }
